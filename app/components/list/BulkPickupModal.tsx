import { BlockStack, InlineStack, Modal, Select, Text } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale, languageOfTag } from "../../i18n/languages";
import { slotOptions } from "../../shipments/pickup-words";

/**
 * One pickup time for many parcels (the list's bulk action): a day and an hour (WIB) still open,
 * for the selected shipments not yet booked; those already booked are left as they are, and the
 * modal says how many. The slots are the ones open when it opens (the server checks again).
 */
export function BulkPickupModal({
  open,
  rows,
  onClose,
  onSave,
}: {
  open: boolean;
  rows: readonly { booked: boolean }[];
  onClose(): void;
  onSave(slot: { date: string; time: string }): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(languageOfTag(i18n.language));
  // Read when it opens: the hours left today move on with the clock.
  const options = useMemo(
    () => (open ? slotOptions({ t, locale }, new Date()) : { days: [], times: {} }),
    [open, t, locale],
  );
  const [day, setDay] = useState("");
  const [time, setTime] = useState("");
  const chosenDay = options.days.some((d) => d.value === day)
    ? day
    : (options.days[0]?.value ?? "");
  const hours = options.times[chosenDay] ?? [];
  const chosenTime = hours.some((h) => h.value === time) ? time : (hours[0]?.value ?? "");
  const open_ = rows.filter((r) => !r.booked).length;
  const skipped = rows.length - open_;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("list.pickup.title", { count: open_ })}
      primaryAction={
        open_ > 0 && chosenTime
          ? {
              content: t("shipment.pickup.save"),
              onAction: () => onSave({ date: chosenDay, time: chosenTime }),
            }
          : undefined
      }
      secondaryActions={[{ content: t("list.ask.back"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            {open_ === 0 ? t("list.pickup.none") : t("list.pickup.body", { count: open_ })}
          </Text>
          {skipped > 0 && <Text as="p">{t("list.pickup.skipped", { count: skipped })}</Text>}
          {open_ > 0 && (
            <InlineStack gap="300" wrap>
              <Select
                label={t("shipment.pickup.day")}
                options={options.days}
                value={chosenDay}
                onChange={setDay}
              />
              <Select
                label={t("shipment.pickup.hour")}
                options={hours}
                value={chosenTime}
                onChange={setTime}
              />
            </InlineStack>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
