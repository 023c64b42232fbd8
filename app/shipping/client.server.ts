import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { routeLabel, shippingCallSeconds, shippingCalls } from "../platform/metrics.server";
import {
  CODES,
  areaResponseSchema,
  areasResponseSchema,
  cancellationReasonsResponseSchema,
  couriersResponseSchema,
  draftOrderCreateRequestSchema,
  draftOrderDeleteResponseSchema,
  draftOrderSchema,
  draftOrderUpdateRequestSchema,
  errorBodySchema,
  locationCreateRequestSchema,
  locationDeleteResponseSchema,
  locationSchema,
  locationUpdateRequestSchema,
  normaliseCourierCode,
  orderCancelRequestSchema,
  orderCancelResponseSchema,
  orderCreateRequestSchema,
  orderSchema,
  orderUpdateRequestSchema,
  ratesRequestSchema,
  ratesResponseSchema,
  trackingSchema,
  type DraftOrderCreateRequest,
  type DraftOrderUpdateRequest,
  type LocationCreateRequest,
  type LocationUpdateRequest,
  type OrderCancelRequest,
  type OrderCreateRequest,
  type OrderUpdateRequest,
  type RatesRequest,
} from "./contract";
import {
  ShippingAuthenticationError,
  ShippingError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingRateLimitedError,
  ShippingServerError,
  ShippingStateError,
  ShippingValidationError,
} from "./errors";

export interface ShippingClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per attempt, covering connect, headers and body. Default 10 s. */
  timeoutMs?: number;
  /**
   * Extra attempts for safe (GET) calls after a network error, 5xx or 429. Writes are never
   * repeated here: the caller decides, after checking whether the first one was committed.
   */
  retries?: number;
  /** Longest Retry-After this client waits out itself before surfacing the 429. Default 5 s. */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  /** Injected for tests of the backoff. */
  sleep?: (ms: number) => Promise<unknown>;
}

type Method = "GET" | "POST" | "DELETE";

/** Service codes whose meaning is "not found" even though the live service sends them with HTTP 400. */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([
  CODES.orderNotFound,
  CODES.draftNotFound,
  CODES.locationNotFound,
  CODES.trackingNotFound,
  CODES.waybillNotFound,
]);
/** Valid requests refused in the resource's current state. */
const STATE_CODES: ReadonlySet<number> = new Set([
  CODES.cancelNotAllowed,
  CODES.referenceUsed,
  CODES.updateFailed,
  CODES.updateAlreadyConfirmed,
  CODES.updateDelivered,
  CODES.updateCancelled,
  CODES.updateInProcess,
  CODES.draftAlreadyConfirmed,
  CODES.draftNotReady,
  CODES.draftReferenceUsed,
]);
/** Codes that refuse the key (besides every 401 and 403). */
const AUTH_CODES: ReadonlySet<number> = new Set([
  CODES.invalidKey,
  CODES.missingKey,
  CODES.authorizationRefused,
  CODES.keyRefused,
  CODES.forbidden,
  CODES.forbiddenMode,
]);
/** The field a code is about, where the code alone says it. */
const CODE_FIELDS: Readonly<Record<number, string>> = {
  [CODES.deliveryTypeMissing]: "delivery_type",
  [CODES.deliveryTypeInvalid]: "delivery_type",
  [CODES.destinationLocatorMissing]: "destination_postal_code",
  [CODES.originLocatorMissing]: "origin_postal_code",
  [CODES.destinationNameMissing]: "destination_contact_name",
  [CODES.destinationPhoneMissing]: "destination_contact_phone",
  [CODES.destinationAddressMissing]: "destination_address",
  [CODES.originNameMissing]: "origin_contact_name",
  [CODES.originPhoneMissing]: "origin_contact_phone",
  [CODES.originAddressMissing]: "origin_address",
  [CODES.originCoordinateIncomplete]: "origin_coordinate",
  [CODES.destinationCoordinateIncomplete]: "destination_coordinate",
  [CODES.courierNeedsOriginCoordinate]: "origin_coordinate",
  [CODES.courierNeedsDestinationCoordinate]: "destination_coordinate",
  [CODES.courierUnknown]: "courier_company",
  [CODES.courierTypeUnknown]: "courier_type",
  [CODES.codNotAvailable]: "destination_cash_on_delivery",
  [CODES.codTypeInvalid]: "destination_cash_on_delivery_type",
  [CODES.codTooHigh]: "destination_cash_on_delivery",
  [CODES.courierNoCod]: "destination_cash_on_delivery",
  [CODES.podNoteRequired]: "destination_proof_of_delivery_note",
  [CODES.courierNoPod]: "destination_proof_of_delivery",
  [CODES.courierNoInsurance]: "courier_insurance",
  [CODES.deliveryDateMissing]: "delivery_date",
  [CODES.deliveryTimeMissing]: "delivery_time",
  [CODES.dateFormat]: "delivery_date",
  [CODES.timeFormat]: "delivery_time",
  [CODES.timePassed]: "delivery_date",
  [CODES.tagsNotArray]: "tags",
  [CODES.draftCodTypeInvalid]: "destination_cash_on_delivery_type",
  [CODES.draftCodTooHigh]: "destination_cash_on_delivery",
  [CODES.draftCourierNoCod]: "destination_cash_on_delivery",
};
const FIELD_IN_MESSAGE =
  /\b((?:origin|destination|courier|delivery|shipper|order|reference|cancellation|items|tags|metadata)(?:\[\d+\])?(?:[._][a-z_]+)*)\b/;

/** Maps a non-2xx answer to the error hierarchy. */
function errorFromResponse(
  status: number,
  body: unknown,
  retryAfter: string | null,
): ShippingError {
  const parsed = errorBodySchema.safeParse(body);
  // An error without a code (the documentation's generic example) keeps its message.
  const code = parsed.success ? (parsed.data.code ?? null) : null;
  const details = parsed.success ? parsed.data.details : undefined;
  const message = parsed.success ? parsed.data.error : `Shipping service answered HTTP ${status}`;
  const options = { status, code, details };

  if (status === 429) {
    return new ShippingRateLimitedError(message, {
      ...options,
      retryAfterMs: parseRetryAfter(retryAfter),
    });
  }
  if (status >= 500) return new ShippingServerError(message, options);
  if (status === 401 || status === 403 || (code !== null && AUTH_CODES.has(code))) {
    return new ShippingAuthenticationError(message, options);
  }
  if (status === 404 || (code !== null && NOT_FOUND_CODES.has(code)))
    return new ShippingNotFoundError(message, options);
  if (code !== null && STATE_CODES.has(code)) return new ShippingStateError(message, options);
  // 42211013 (postal code not registered) does not say which side: the message may.
  const field =
    (code !== null ? CODE_FIELDS[code] : undefined) ??
    FIELD_IN_MESSAGE.exec(message)?.[1] ??
    (code === CODES.draftPostalCode ? "destination_postal_code" : null);
  return new ShippingValidationError(message, { ...options, field });
}

function parseRetryAfter(value: string | null): number {
  if (!value) return 1000;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 1000;
}

function validateRequest<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue
      ? issue.path
          .map((p) => (typeof p === "number" ? `[${p}]` : String(p)))
          .join(".")
          .replace(/\.\[/g, "[")
      : null;
    throw new ShippingValidationError(
      `Request not sent: ${field ?? "body"}: ${issue?.message ?? "invalid"}`,
      { field },
    );
  }
  return result.data;
}

/**
 * Client for the shipping service (and the sandbox, which implements the same contract).
 * Every answer is parsed with the contract's schemas; every failure is a {@link ShippingError}.
 */
export function createShippingClient(options: ShippingClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 5_000;
  const doFetch = options.fetch ?? globalThis.fetch;
  const wait = options.sleep ?? ((ms: number) => sleep(ms));

  /** One call, counted by route and outcome in the metrics. */
  async function once(method: Method, path: string, body: unknown): Promise<unknown> {
    const started = performance.now();
    const route = routeLabel(method, path);
    try {
      const json = await onceUncounted(method, path, body);
      shippingCalls.inc({ route, outcome: "ok" });
      return json;
    } catch (error) {
      const outcome =
        error instanceof ShippingNetworkError
          ? "network"
          : error instanceof ShippingRateLimitedError
            ? "429"
            : error instanceof ShippingServerError
              ? "5xx"
              : error instanceof ShippingError
                ? "4xx"
                : "error";
      shippingCalls.inc({ route, outcome });
      throw error;
    } finally {
      shippingCallSeconds.observe({ route }, (performance.now() - started) / 1000);
    }
  }

  async function onceUncounted(method: Method, path: string, body: unknown): Promise<unknown> {
    assertOutsideTransaction(`a shipping service call (${method} ${path})`);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          // The raw key, no scheme word: what the live service documents.
          authorization: options.apiKey,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ShippingNetworkError(
        timedOut
          ? `No answer from the shipping service within ${timeoutMs} ms (${method} ${path})`
          : `Could not reach the shipping service (${method} ${path})`,
        { timedOut, cause: error },
      );
    }
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch (error) {
      if (!response.ok)
        throw errorFromResponse(response.status, undefined, response.headers.get("retry-after"));
      throw new ShippingServerError(
        `Shipping service answered ${method} ${path} with a body that is not JSON`,
        {
          status: response.status,
          cause: error,
        },
      );
    }
    if (!response.ok)
      throw errorFromResponse(response.status, json, response.headers.get("retry-after"));
    return json;
  }

  async function call<T>(
    method: Method,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    const attempts = method === "GET" ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const json = await once(method, path, body);
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new ShippingServerError(
            `Shipping service answer to ${method} ${path} does not match the contract: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
          );
        }
        return parsed.data;
      } catch (error) {
        if (!(error instanceof ShippingError) || !error.retryable || attempt >= attempts)
          throw error;
        if (error instanceof ShippingRateLimitedError) {
          if (error.retryAfterMs > maxRetryWaitMs) throw error;
          await wait(error.retryAfterMs);
        } else {
          await wait(Math.min(2_000, 200 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2));
        }
      }
    }
  }

  const id = (value: string) => encodeURIComponent(value);
  const withCourier = <T extends { courier_company?: string; courier_type?: string }>(
    body: T,
  ): T => ({
    ...body,
    ...(body.courier_company
      ? { courier_company: normaliseCourierCode(body.courier_company) }
      : {}),
    ...(body.courier_type ? { courier_type: normaliseCourierCode(body.courier_type) } : {}),
  });

  return {
    baseUrl,
    mode: options.apiKey.startsWith("biteship_live.") ? ("live" as const) : ("test" as const),

    createDraftOrder: async (body: DraftOrderCreateRequest) =>
      call(
        "POST",
        "/v1/draft_orders",
        draftOrderSchema,
        withCourier(validateRequest(draftOrderCreateRequestSchema, body)),
      ),
    getDraftOrder: async (draftId: string) =>
      call("GET", `/v1/draft_orders/${id(draftId)}`, draftOrderSchema),
    updateDraftOrder: async (draftId: string, body: DraftOrderUpdateRequest) =>
      call(
        "POST",
        `/v1/draft_orders/${id(draftId)}`,
        draftOrderSchema,
        withCourier(validateRequest(draftOrderUpdateRequestSchema, body)),
      ),
    deleteDraftOrder: async (draftId: string) =>
      call("DELETE", `/v1/draft_orders/${id(draftId)}`, draftOrderDeleteResponseSchema),
    /** Answers the order the confirmation created (object "order"). */
    confirmDraftOrder: async (draftId: string) =>
      call("POST", `/v1/draft_orders/${id(draftId)}/confirm`, orderSchema),
    getDraftOrderRates: async (draftId: string) =>
      call("GET", `/v1/draft_orders/${id(draftId)}/rates`, ratesResponseSchema),

    createOrder: async (body: OrderCreateRequest) =>
      call(
        "POST",
        "/v1/orders",
        orderSchema,
        withCourier(validateRequest(orderCreateRequestSchema, body)),
      ),
    getOrder: async (orderId: string) => call("GET", `/v1/orders/${id(orderId)}`, orderSchema),
    updateOrder: async (orderId: string, body: OrderUpdateRequest) =>
      call(
        "POST",
        `/v1/orders/${id(orderId)}`,
        orderSchema,
        withCourier(validateRequest(orderUpdateRequestSchema, body)),
      ),
    cancelOrder: async (orderId: string, body: OrderCancelRequest) =>
      call(
        "POST",
        `/v1/orders/${id(orderId)}/cancel`,
        orderCancelResponseSchema,
        validateRequest(orderCancelRequestSchema, body),
      ),
    getCancellationReasons: async (lang: "en" | "id" = "en") =>
      call(
        "GET",
        `/v1/orders/cancellation_reasons?lang=${lang}`,
        cancellationReasonsResponseSchema,
      ),

    getRates: async (body: RatesRequest) =>
      call("POST", "/v1/rates/couriers", ratesResponseSchema, {
        ...validateRequest(ratesRequestSchema, body),
        couriers: body.couriers.split(",").map(normaliseCourierCode).join(","),
      }),
    getCouriers: async () => call("GET", "/v1/couriers", couriersResponseSchema),

    createLocation: async (body: LocationCreateRequest) =>
      call(
        "POST",
        "/v1/locations",
        locationSchema,
        validateRequest(locationCreateRequestSchema, body),
      ),
    getLocation: async (locationId: string) =>
      call("GET", `/v1/locations/${id(locationId)}`, locationSchema),
    updateLocation: async (locationId: string, body: LocationUpdateRequest) =>
      call(
        "POST",
        `/v1/locations/${id(locationId)}`,
        locationSchema,
        validateRequest(locationUpdateRequestSchema, body),
      ),
    deleteLocation: async (locationId: string) =>
      call("DELETE", `/v1/locations/${id(locationId)}`, locationDeleteResponseSchema),

    searchAreas: async (input: string, countries = "ID") =>
      call(
        "GET",
        `/v1/maps/areas?countries=${id(countries)}&input=${id(input)}&type=single`,
        areasResponseSchema,
      ),
    /** One area by its id (answered as a list of one). */
    getArea: async (areaId: string) =>
      call("GET", `/v1/maps/areas/${id(areaId)}`, areaResponseSchema),
    getTracking: async (trackingId: string) =>
      call("GET", `/v1/trackings/${id(trackingId)}`, trackingSchema),
    getPublicTracking: async (waybillId: string, courierCode: string) =>
      call(
        "GET",
        `/v1/trackings/${id(waybillId)}/couriers/${id(normaliseCourierCode(courierCode))}`,
        trackingSchema,
      ),
  };
}

export type ShippingClient = ReturnType<typeof createShippingClient>;
