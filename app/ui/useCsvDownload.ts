import { useCallback, useState } from "react";

/**
 * A page's "Export CSV": fetches the app's own CSV route (App Bridge adds the session token to
 * the app's fetches), then saves it under `fileName`-<today>.csv. A refusal is kept as the
 * HTTP status, for the page to say in its words.
 */
export const useCsvDownload = (url: string, fileName: string) =>
  useFileDownload(url, fileName, "csv");

/** The same for any file the app makes (a PDF): saved as `fileName`-<today>.`extension`. */
export function useFileDownload(url: string, fileName: string, extension: string) {
  const [failedWith, setFailedWith] = useState<number | null>(null);
  // The same function until the address changes: a page's actions built on it stay as they are.
  const download = useCallback(async () => {
    setFailedWith(null);
    const response = await fetch(url);
    if (!response.ok) {
      setFailedWith(response.status);
      return;
    }
    const href = URL.createObjectURL(await response.blob());
    const a = document.createElement("a");
    a.href = href;
    a.download = `${fileName}-${new Date().toISOString().slice(0, 10)}.${extension}`;
    a.click();
    URL.revokeObjectURL(href);
  }, [url, fileName, extension]);
  return { download, failedWith };
}
