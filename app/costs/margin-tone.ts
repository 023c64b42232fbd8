/** A shipping margin's colour: a loss in red, a gain in green, nothing when even. */
export const marginTone = (sign: number): "critical" | "success" | undefined =>
  sign < 0 ? "critical" : sign > 0 ? "success" : undefined;
