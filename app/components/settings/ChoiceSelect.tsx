import { Select, type SelectProps } from "@shopify/polaris";
import { memo, useState } from "react";

/** A Polaris Select holding its own choice, submitted with the form under `name`. */
export const ChoiceSelect = memo(function ChoiceSelect({
  initial,
  ...props
}: Omit<SelectProps, "value" | "onChange"> & { name: string; initial: string }) {
  const [value, setValue] = useState(initial);
  return <Select {...props} value={value} onChange={setValue} />;
});
