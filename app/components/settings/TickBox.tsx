import { Checkbox } from "@shopify/polaris";
import { memo, useState } from "react";

/**
 * A Polaris Checkbox holding its own state, submitted with the form under `name` as "on" or
 * "off" (an unticked box sends nothing by itself). Its own state: ticking it redraws this box, not
 * the form around it.
 */
export const TickBox = memo(function TickBox({
  name,
  label,
  helpText,
  error,
  disabled,
  initial,
}: {
  name: string;
  label: string;
  helpText?: string;
  error?: string;
  disabled?: boolean;
  initial: boolean;
}) {
  const [checked, setChecked] = useState(initial);
  return (
    <>
      <Checkbox
        label={label}
        helpText={helpText}
        error={error}
        disabled={disabled}
        checked={checked}
        onChange={setChecked}
      />
      <input type="hidden" name={name} value={checked ? "on" : "off"} />
    </>
  );
});
