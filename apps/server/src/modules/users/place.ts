import { errorText, type StoredPlace } from '@mawadda/contract';
import { invalidFields } from '../../lib/http-error.ts';
import type { CityIndex } from '../geo/index.ts';

export type PlaceFinder = ReturnType<typeof createPlaceFinder>;

type TypedPlace = {
  location: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
};
type Located = StoredPlace & { latitude: number | null; longitude: number | null };

export function createPlaceFinder(cities: () => CityIndex) {
  /**
   * Where the member lives, as the offline index knows it: what they typed ("lyon", "Abidjan,
   * Côte-d'Ivoire") is stored as the town it found and its country's code, the same whatever
   * the form's language (readers are shown the country in theirs), with the form's coordinates
   * when it sent them (those of the town the form looked up) or the town's. Undefined for a
   * place the index does not know.
   */
  function find(typed: TypedPlace) {
    // The town's name and code are the same in either language: only `location` differs.
    const [place] = cities().search(typed.location, 'en', 1);
    return (
      place && {
        location: place.city,
        countryCode: place.countryCode,
        latitude: typed.latitude ?? place.latitude,
        longitude: typed.longitude ?? place.longitude,
      }
    );
  }

  return {
    /**
     * The place a form sends, found as `find` does. A place the index does not know is refused:
     * its name could not be shown as the forms found it, and a member without a position would
     * never be suggested to anyone.
     */
    placeFor(fields: TypedPlace) {
      const place = find(fields);
      if (!place) {
        throw invalidFields([
          { path: 'location', code: 'LOCATION_UNKNOWN', message: errorText('LOCATION_UNKNOWN') },
        ]);
      }
      return place;
    },

    /**
     * A member's place when their form leaves it as it was: as stored, or, for one kept as typed
     * because its country could not be read (migration 0031), the town the index finds in it
     * now, at the member's position if they had one; still as typed when it finds none, never
     * refused: the member did not type it today.
     */
    unchanged(stored: Located): Located {
      if (stored.countryCode !== null || stored.location === null) return stored;
      const found = find({
        location: stored.location,
        latitude: stored.latitude ?? undefined,
        longitude: stored.longitude ?? undefined,
      });
      return found ?? stored;
    },
  };
}
