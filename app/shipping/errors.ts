/**
 * The shipping client's error hierarchy. Every failure of a call is one of these, carrying the
 * HTTP status, the service's 8-digit code and its message where the service gave them.
 * `retryable` says whether repeating the same request later can succeed.
 */
export class ShippingError extends Error {
  override name = "ShippingError";
  readonly status: number | null;
  readonly code: number | null;
  readonly details: Record<string, unknown> | undefined;
  readonly retryable: boolean = false;

  constructor(
    message: string,
    options: {
      status?: number | null;
      code?: number | null;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status ?? null;
    this.code = options.code ?? null;
    this.details = options.details;
  }
}

/** The key is missing, malformed or refused (400/40000001, 401, 403). Not retryable. */
export class ShippingAuthenticationError extends ShippingError {
  override name = "ShippingAuthenticationError";
}

/**
 * The service refused the request's content (4xx with a service code). `field` names the
 * offending field when the code or message identifies one.
 */
export class ShippingValidationError extends ShippingError {
  override name = "ShippingValidationError";
  readonly field: string | null;
  constructor(
    message: string,
    options: ConstructorParameters<typeof ShippingError>[1] & { field?: string | null } = {},
  ) {
    super(message, options);
    this.field = options.field ?? null;
  }
}

/**
 * The request is valid but not in the resource's current state: confirming a draft that is not
 * ready, deleting a confirmed draft, cancelling a picked-up order, reusing a reference_id.
 */
export class ShippingStateError extends ShippingError {
  override name = "ShippingStateError";
}

/** The draft, order, location or tracking id does not exist for this key. */
export class ShippingNotFoundError extends ShippingError {
  override name = "ShippingNotFoundError";
}

/** 429: wait `retryAfterMs` before the next call with this key. */
export class ShippingRateLimitedError extends ShippingError {
  override name = "ShippingRateLimitedError";
  override readonly retryable = true;
  readonly retryAfterMs: number;
  constructor(
    message: string,
    options: ConstructorParameters<typeof ShippingError>[1] & { retryAfterMs: number },
  ) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** 5xx, or an answer that does not match the contract. */
export class ShippingServerError extends ShippingError {
  override name = "ShippingServerError";
  override readonly retryable = true;
}

/**
 * No answer: connection refused or reset, DNS, or the timeout elapsed. For a write the service
 * may still have committed it: check (by reference_id, by retrieving) before repeating.
 */
export class ShippingNetworkError extends ShippingError {
  override name = "ShippingNetworkError";
  override readonly retryable = true;
  readonly timedOut: boolean;
  constructor(
    message: string,
    options: ConstructorParameters<typeof ShippingError>[1] & { timedOut: boolean },
  ) {
    super(message, options);
    this.timedOut = options.timedOut;
  }
}
