import './zod-config.ts';
import { z } from 'zod';
import { LANGUAGES, LOCATION_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { decimalNumber } from './form-fields.ts';

/** A town from the offline index; `location` is the 'city, country' text the forms show. */
export const geoPlaceSchema = z.object({
  city: z.string(),
  country: z.string(),
  countryCode: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeoPlace = z.infer<typeof geoPlaceSchema>;

const languageField = z.enum(LANGUAGES).default('en');

export const reverseGeocodeQuerySchema = z.object({
  lat: decimalNumber(E.GEO_LATITUDE_INVALID, { min: -90, max: 90 }),
  lon: decimalNumber(E.GEO_LONGITUDE_INVALID, { min: -180, max: 180 }),
  lang: languageField,
});

export const searchGeocodeQuerySchema = z.object({
  q: z
    .string({ error: E.GEO_QUERY_REQUIRED })
    .trim()
    .min(2, E.GEO_QUERY_TOO_SHORT)
    .max(LOCATION_MAX_LENGTH, E.GEO_QUERY_TOO_LONG),
  lang: languageField,
});

export const geoSearchResponseSchema = z.object({ results: z.array(geoPlaceSchema) });
