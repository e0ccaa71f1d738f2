import { z } from 'zod';
import { LANGUAGES, LOCATION_MAX_LENGTH } from './constants.ts';

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
  lat: z.coerce
    .number({ error: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lon: z.coerce
    .number({ error: 'lon must be a number' })
    .min(-180, 'lon must be between -180 and 180')
    .max(180, 'lon must be between -180 and 180'),
  lang: languageField,
});

export const searchGeocodeQuerySchema = z.object({
  q: z
    .string({ error: 'Type a town to search for' })
    .trim()
    .min(2, 'Type at least 2 letters')
    .max(LOCATION_MAX_LENGTH, 'This location is too long'),
  lang: languageField,
});

export const geoSearchResponseSchema = z.object({ results: z.array(geoPlaceSchema) });
