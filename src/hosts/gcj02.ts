/**
 * The mini-program hosts' maps (the chat-app's and the payment-app's) give and take coordinates in
 * GCJ-02, the datum mainland Chinese maps use; the app, its server and the H5 map keep WGS-84 (what
 * a phone's GPS and OpenStreetMap give). These convert inside the area GCJ-02 applies to (the usual
 * bounding box of China, which takes in Hong Kong and Macau) and leave points outside it alone.
 * The inverse is found by correcting the usual one-step approximation until it maps back.
 */
const A = 6378245.0
const EE = 0.00669342162296594323

const outside = (lng: number, lat: number): boolean => lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x))
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0
  return r
}

function transformLng(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x))
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0
  return r
}

function offset(lng: number, lat: number): { dLng: number; dLat: number } {
  const radLat = (lat / 180.0) * Math.PI
  let magic = Math.sin(radLat)
  magic = 1 - EE * magic * magic
  const sqrtMagic = Math.sqrt(magic)
  const dLat = (transformLat(lng - 105.0, lat - 35.0) * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI)
  const dLng = (transformLng(lng - 105.0, lat - 35.0) * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI)
  return { dLng, dLat }
}

export function wgs84ToGcj02(p: { Lat: number; Lng: number }): { Lat: number; Lng: number } {
  if (outside(p.Lng, p.Lat)) return { Lat: p.Lat, Lng: p.Lng }
  const { dLng, dLat } = offset(p.Lng, p.Lat)
  return { Lat: p.Lat + dLat, Lng: p.Lng + dLng }
}

export function gcj02ToWgs84(p: { Lat: number; Lng: number }): { Lat: number; Lng: number } {
  if (outside(p.Lng, p.Lat)) return { Lat: p.Lat, Lng: p.Lng }
  // Start from the one-step inverse and correct it a few times: within millimetres of the point
  // that wgs84ToGcj02 takes to `p` (so a place handed to the host and back stays put).
  let { dLng, dLat } = offset(p.Lng, p.Lat)
  let w = { Lat: p.Lat - dLat, Lng: p.Lng - dLng }
  for (let i = 0; i < 4; i++) {
    const g = wgs84ToGcj02(w)
    dLat = g.Lat - p.Lat
    dLng = g.Lng - p.Lng
    if (Math.abs(dLat) < 1e-9 && Math.abs(dLng) < 1e-9) break
    w = { Lat: w.Lat - dLat, Lng: w.Lng - dLng }
  }
  return w
}
