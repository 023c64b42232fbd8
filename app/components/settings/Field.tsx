import { TextField, type TextFieldProps } from "@shopify/polaris";
import { useState } from "react";

/** A Polaris TextField holding its own value, submitted with the form under `name`. */
export function Field({
  initial,
  ...props
}: Omit<TextFieldProps, "value" | "onChange"> & { name: string; initial?: string }) {
  const [value, setValue] = useState(initial ?? "");
  return <TextField {...props} value={value} onChange={setValue} />;
}
