import { useNavigation } from "@remix-run/react";

/**
 * The `intent` of the form the page is sending now, or null when nothing is under way: so only
 * the pressed button spins, and the others wait.
 */
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  return navigation.state !== "idle" ? String(navigation.formData?.get("intent")) : null;
}
