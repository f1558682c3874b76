/** `./catalogues/<locale>?first-screen`: the part of a catalogue the first screen shows (config/catalogue-part-loader.js). */
declare module '*?first-screen' {
  const texts: Partial<Record<import('./catalogues').MessageKey, string>>
  export default texts
}

/** `./catalogues/<locale>?shell`: the app shell's texts of a catalogue (config/catalogue-part-loader.js). */
declare module '*?shell' {
  const texts: Partial<Record<import('./catalogues').MessageKey, string>>
  export default texts
}

/** `./catalogues/<locale>?menu`: the first screen's texts and those the goods list's code names (config/page-texts.js). */
declare module '*?menu' {
  const texts: Partial<Record<import('./catalogues').MessageKey, string>>
  export default texts
}
