/**
 * The sandbox's courier catalogue: the couriers and services the reference names, with the
 * capabilities that decide validation (COD, proof of delivery, insurance, instant, collection
 * methods) and the figures that decide prices and durations.
 */
export interface CourierServiceDef {
  courierCode: string;
  courierName: string;
  serviceCode: string;
  serviceName: string;
  tier: "free" | "standard" | "essentials" | "premium";
  description: string;
  serviceType: "standard" | "overnight" | "same_day";
  shippingType: "parcel" | "freight";
  durationRange: string;
  durationUnit: "days" | "hours";
  collectionMethods: ("pickup" | "drop_off")[];
  cod: boolean;
  pod: boolean;
  insurance: boolean;
  instantWaybill: boolean;
  /** Needs coordinates on both sides; priced by distance. */
  instant: boolean;
  /** Parcel services: price per chargeable kg by zone 0..3. Instant: base fare and per-km fare. */
  perKg?: [number, number, number, number];
  minKg?: number;
  base?: number;
  perKm?: number;
  maxKm?: number;
}

const parcel = (
  courierCode: string,
  courierName: string,
  serviceCode: string,
  serviceName: string,
  opts: Partial<CourierServiceDef> & Pick<CourierServiceDef, "perKg" | "durationRange">,
): CourierServiceDef => ({
  courierCode,
  courierName,
  serviceCode,
  serviceName,
  tier: "standard",
  description: `${courierName} ${serviceName}`,
  serviceType: "standard",
  shippingType: "parcel",
  durationUnit: "days",
  collectionMethods: ["pickup", "drop_off"],
  cod: false,
  pod: false,
  insurance: true,
  instantWaybill: true,
  instant: false,
  minKg: 1,
  ...opts,
});

const instant = (
  courierCode: string,
  courierName: string,
  serviceCode: string,
  serviceName: string,
  opts: Partial<CourierServiceDef> & Pick<CourierServiceDef, "base" | "perKm" | "durationRange">,
): CourierServiceDef => ({
  courierCode,
  courierName,
  serviceCode,
  serviceName,
  tier: "premium",
  description: `${courierName} ${serviceName}`,
  serviceType: "same_day",
  shippingType: "parcel",
  durationUnit: "hours",
  collectionMethods: ["pickup"],
  cod: false,
  pod: true,
  insurance: true,
  instantWaybill: true,
  instant: true,
  maxKm: 40,
  ...opts,
});

export const CATALOGUE: readonly CourierServiceDef[] = [
  parcel("jne", "JNE", "reg", "Reguler", {
    perKg: [9000, 11000, 19000, 34000],
    durationRange: "2 - 3",
    cod: true,
    pod: true,
  }),
  parcel("jne", "JNE", "yes", "Yakin Esok Sampai", {
    perKg: [15000, 18000, 30000, 52000],
    durationRange: "1 - 1",
    serviceType: "overnight",
    tier: "premium",
    collectionMethods: ["pickup"],
  }),
  parcel("jne", "JNE", "oke", "Ongkos Kirim Ekonomis", {
    perKg: [7000, 9000, 15000, 28000],
    durationRange: "3 - 6",
    tier: "essentials",
  }),
  parcel("jne", "JNE", "jtr", "JNE Trucking", {
    perKg: [4000, 5000, 8000, 14000],
    durationRange: "3 - 7",
    shippingType: "freight",
    minKg: 10,
    instantWaybill: false,
  }),
  parcel("sicepat", "SiCepat", "reg", "Reguler", {
    perKg: [8500, 10500, 18000, 33000],
    durationRange: "1 - 2",
    cod: true,
  }),
  parcel("sicepat", "SiCepat", "best", "Besok Sampai Tujuan", {
    perKg: [14000, 17000, 28000, 50000],
    durationRange: "1 - 1",
    serviceType: "overnight",
    tier: "premium",
    cod: true,
  }),
  parcel("anteraja", "AnterAja", "reg", "Regular", {
    perKg: [8500, 10000, 17500, 32000],
    durationRange: "2 - 4",
    cod: true,
    pod: true,
  }),
  parcel("anteraja", "AnterAja", "same_day", "Same Day", {
    perKg: [18000, 26000, 60000, 90000],
    durationRange: "6 - 8",
    durationUnit: "hours",
    serviceType: "same_day",
    tier: "premium",
    collectionMethods: ["pickup"],
  }),
  parcel("jnt", "J&T", "ez", "EZ", {
    perKg: [9000, 11000, 18500, 33500],
    durationRange: "2 - 3",
    cod: true,
  }),
  parcel("tiki", "TIKI", "eko", "Ekonomi", {
    perKg: [7500, 9000, 15500, 29000],
    durationRange: "4 - 5",
    tier: "essentials",
    insurance: false,
  }),
  parcel("tiki", "TIKI", "reg", "Reguler", {
    perKg: [9000, 11000, 19000, 34000],
    durationRange: "2 - 3",
  }),
  parcel("tiki", "TIKI", "ons", "Over Night Service", {
    perKg: [16000, 19000, 31000, 54000],
    durationRange: "1 - 1",
    serviceType: "overnight",
    tier: "premium",
  }),
  parcel("ninja", "Ninja Xpress", "standard", "Standard", {
    perKg: [8000, 10000, 17000, 31000],
    durationRange: "2 - 4",
    cod: true,
  }),
  parcel("lion", "Lion Parcel", "reg_pack", "Regpack", {
    perKg: [8000, 9500, 16000, 30000],
    durationRange: "2 - 3",
  }),
  parcel("sap", "SAP Express", "reg", "Regular", {
    perKg: [8000, 10000, 17000, 31000],
    durationRange: "2 - 3",
    cod: true,
  }),
  parcel("pos", "Pos Indonesia", "reg", "Pos Reguler", {
    perKg: [7500, 9500, 16000, 29000],
    durationRange: "2 - 4",
    cod: true,
    pod: true,
  }),
  instant("grab", "Grab", "instant", "Instant", {
    base: 12000,
    perKm: 2500,
    durationRange: "1 - 3",
    cod: true,
  }),
  instant("grab", "Grab", "same_day", "Same Day", {
    base: 15000,
    perKm: 1500,
    durationRange: "6 - 8",
  }),
  instant("gojek", "Gojek", "instant", "Instant", {
    base: 12000,
    perKm: 2500,
    durationRange: "1 - 3",
  }),
  instant("gojek", "Gojek", "same_day", "Same Day", {
    base: 15000,
    perKm: 1500,
    durationRange: "6 - 8",
  }),
  instant("paxel", "Paxel", "same_day", "Same Day", {
    base: 14000,
    perKm: 1000,
    durationRange: "8 - 8",
    maxKm: 60,
    collectionMethods: ["pickup", "drop_off"],
  }),
  instant("lalamove", "Lalamove", "motorcycle", "Motorcycle", {
    base: 11000,
    perKm: 2400,
    durationRange: "1 - 3",
  }),
  instant("borzo", "Borzo", "instant", "Instant", {
    base: 10000,
    perKm: 2300,
    durationRange: "1 - 3",
    pod: false,
  }),
];

export function findCourier(company: string): CourierServiceDef[] {
  const code = company.trim().toLowerCase();
  return CATALOGUE.filter((s) => s.courierCode === code);
}

export function findService(company: string, type: string): CourierServiceDef | undefined {
  const t = type.trim().toLowerCase();
  return findCourier(company).find((s) => s.serviceCode === t);
}
