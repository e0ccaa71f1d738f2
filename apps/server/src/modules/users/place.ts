import { errorText } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import { invalidFields } from '../../lib/http-error.ts';
import type { CityIndex } from '../geo/index.ts';

export type PlaceFinder = ReturnType<typeof createPlaceFinder>;

export function createPlaceFinder(cities: () => CityIndex) {
  /**
   * Where the member lives, as the offline index knows it: what they typed ("lyon") is saved as
   * the town it found ("Lyon, France", the country in the member's language), with the form's
   * coordinates when it sent them (those of the town the form looked up) or the town's. A place
   * the index does not know is refused: its name could not be shown as the forms found it, and a
   * member without a position would never be suggested to anyone.
   */
  function placeFor(
    fields: { location: string; latitude?: number; longitude?: number },
    language: MailLanguage,
  ) {
    const [place] = cities().search(fields.location, language, 1);
    if (!place) {
      throw invalidFields([
        { path: 'location', code: 'LOCATION_UNKNOWN', message: errorText('LOCATION_UNKNOWN') },
      ]);
    }
    return {
      location: place.location,
      latitude: fields.latitude ?? place.latitude,
      longitude: fields.longitude ?? place.longitude,
    };
  }
  return placeFor;
}
