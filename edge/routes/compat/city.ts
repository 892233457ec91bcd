/**
 * The variant's `city`: a province name (folded like every filter value) or its plate code
 * (`35`, `06`, `6`). A number that is no plate code is a 400, not an empty answer: it cannot name
 * a city, while an unknown name may be a city without a market.
 */
import { provinceOfPlate } from '../../../core/provinces.ts';
import { slugify } from '../../../core/turkish.ts';
import { ApiError } from '../../answer/errors.ts';
import { slugParam } from '../../request/params.ts';

export function compatCity(params: URLSearchParams): string | undefined {
  const value = params.get('city')?.trim();
  if (!value || !/^\d+$/.test(value)) return slugParam(params, 'city');
  const province = value.length <= 2 ? provinceOfPlate(Number(value)) : undefined;
  if (!province)
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: 'city',
      value: value.slice(0, 64),
      expected: 'a province name or its plate code 01–81',
    });
  return slugify(province);
}
