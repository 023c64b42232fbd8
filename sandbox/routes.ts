import type { ApiGroup } from "./ratelimit.ts";

/** A JSON request body as the service reads it. */
export type Body = Record<string, unknown>;

export interface RouteCtx {
  key: string;
  params: string[];
  body: Body;
  /** No body was sent at all (not even `{}`). */
  empty: boolean;
  query: URLSearchParams;
}

export type Handler = (ctx: RouteCtx) => { status?: number; body: unknown };

export interface RouteOptions {
  /** The route takes no body: whatever is sent (`[]`, `{}`, anything) is ignored. */
  ignoresBody?: boolean;
}

/** Registers one `/v1` route; `:name` segments become `params` in order. */
export type AddRoute = (
  method: string,
  path: string,
  group: ApiGroup,
  handler: Handler,
  options?: RouteOptions,
) => void;
