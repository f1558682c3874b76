/** Column docs of PlaceRow (AddressResolution, BaseInfoByGPS). */
import type { PlaceRow } from '../../../../src/gateway/address-rows'
import type { ColumnDocs } from '../../operations/operation'

export const PLACE_COLUMNS: ColumnDocs<PlaceRow> = {
  Lat: 'number: latitude, degrees WGS-84',
  Lng: 'number: longitude, degrees WGS-84',
  RegionCode: "string: the leaf region of the dataset the place lies in ('' outside it or unknown)",
  RegionName: "string: that region's path in the request's language, broadest first ('' none)",
  Street: "string: street (and number) when known ('' otherwise)",
  FormattedAddress: 'string: one line for people',
  Precision: "string: 'point' (a building or number), 'street' (somewhere on the street), 'region' (the region's centroid)",
  Provider: "string: the geocoder that answered: 'development' (region names and demo streets only) or the vendor's name"
}
