/** `./catalogues/<locale>?first-screen`: the part of a catalogue the first screen shows (config/catalogue-part-loader.js). */
declare module '*?first-screen' {
  const texts: Partial<Record<import('./catalogues').MessageKey, string>>
  export default texts
}
