/**
 * Couriers and their services as the shipping service names them in its couriers list ("SiCepat"
 * "Reguler", "GoSend" "Instant"), by their codes ("sicepat/reg"). Pure: the list is read by
 * app/shops/courier-names.server.ts.
 */
export interface CourierNames {
  /** "sicepat/reg" → the courier's and the service's names. */
  services: ReadonlyMap<string, { company: string; service: string }>;
  /** "sicepat" → "SiCepat". */
  companies: ReadonlyMap<string, string>;
}

export const NO_COURIER_NAMES: CourierNames = { services: new Map(), companies: new Map() };

export function courierNamesOf(
  couriers: readonly {
    courier_code: string;
    courier_name: string;
    courier_service_code: string;
    courier_service_name: string;
  }[],
): CourierNames {
  const services = new Map<string, { company: string; service: string }>();
  const companies = new Map<string, string>();
  for (const c of couriers) {
    const company = c.courier_code.toLowerCase();
    companies.set(company, c.courier_name);
    services.set(`${company}/${c.courier_service_code.toLowerCase()}`, {
      company: c.courier_name,
      service: c.courier_service_name,
    });
  }
  return { services, companies };
}

/**
 * A courier service's name for the merchant: "SiCepat Reguler"; a service named with its courier
 * already is not named twice: "JNE Trucking", and "Pos Reguler" of "Pos Indonesia" (the service's
 * first word is the courier's); codes in capitals ("JNE REG") when the list does not have it.
 */
export function serviceName(
  names: CourierNames | undefined,
  company: string,
  type: string | null | undefined,
): string {
  const known = listed(names, company, type);
  if (known) return namedOnce(known.company, known.service);
  const own = names?.companies.get(company.toLowerCase());
  return [own ?? company.toUpperCase(), type?.toUpperCase()].filter(Boolean).join(" ");
}

/** A courier's and its service's names as one, the courier's named once. */
export function namedOnce(company: string, service: string): string {
  const first = (name: string) => name.trim().split(/\s+/)[0]!.toLowerCase();
  return first(service) === first(company) ? service.trim() : `${company} ${service}`.trim();
}

/** The service alone ("Reguler"), as the list names it; its code in capitals otherwise. */
export const serviceOnlyName = (
  names: CourierNames | undefined,
  company: string,
  type: string,
): string => listed(names, company, type)?.service ?? type.toUpperCase();

/** A service's entry in the list, by its codes in any case. */
const listed = (
  names: CourierNames | undefined,
  company: string,
  type: string | null | undefined,
) => (type ? names?.services.get(`${company.toLowerCase()}/${type.toLowerCase()}`) : undefined);

/** A courier's own name ("SiCepat"), else its code in capitals. */
export const companyName = (names: CourierNames | undefined, company: string): string =>
  names?.companies.get(company.toLowerCase()) ?? company.toUpperCase();

/** Names counted, in the order first met: "JNE Reguler ×2, SiCepat Reguler ×1". */
export function countedNames(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${name} ×${n}`).join(", ");
}

/** A parcel's courier as two CSV cells: the company's name and the service's, "" where unknown. */
export const courierCells = (
  names: CourierNames | undefined,
  company: string | null,
  type: string | null,
): [string, string] => [
  company ? companyName(names, company) : "",
  company && type ? serviceOnlyName(names, company, type) : "",
];
