import { Form, type FormProps } from "@remix-run/react";
import { Fragment, useRef, useState, type ReactNode } from "react";
import { useUnsavedChanges } from "./UnsavedChanges";

/**
 * A Remix form whose edits the admin's save bar holds: any change to one of its fields shows the
 * bar (but inside an element marked `data-unsaved-ignore`: a search, a preview's sample values); the bar's Save submits the form as
 * its own button would; Discard draws the fields afresh as saved. Once the page's answer to this
 * form's save comes back saved, the fields are drawn afresh from what the page now holds and the
 * bar goes; refused, the edits stay with the bar (each field says its fault).
 *
 * The fields' own state lives below this form, so that drawing them afresh resets it.
 */
export function UnsavedForm({
  id,
  answer,
  busy,
  children,
  ...form
}: Omit<FormProps, "onChange" | "onSubmit" | "ref"> & {
  /** A name unique on the page. */
  id: string;
  /** The page's answer to this form's last save (null before any). */
  answer: { ok: boolean } | null | undefined;
  /** The page is submitting. */
  busy: boolean;
  children: ReactNode;
}) {
  const element = useRef<HTMLFormElement>(null);
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  // The answer the page held when this form was last sent: a different one is its answer.
  const [sentAt, setSentAt] = useState<{ answer: unknown } | null>(null);
  if (sentAt && !busy && (answer ?? null) !== sentAt.answer) {
    // Adjusted while rendering, from the answer the page now holds.
    setSentAt(null);
    if (answer?.ok) {
      setDirty(false);
      setVersion(version + 1);
    }
  }
  useUnsavedChanges(id, {
    dirty,
    busy: sentAt !== null && busy,
    save: () => element.current?.requestSubmit(),
    discard: () => {
      setDirty(false);
      setVersion((v) => v + 1);
    },
  });
  return (
    <Form
      {...form}
      ref={element}
      onChange={(event) => {
        if (!(event.target as Element).closest("[data-unsaved-ignore]")) setDirty(true);
      }}
      onSubmit={() => setSentAt({ answer: answer ?? null })}
    >
      <Fragment key={version}>{children}</Fragment>
    </Form>
  );
}
