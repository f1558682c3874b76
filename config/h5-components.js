/**
 * The component library of the H5 build (aliased as `@tarojs/components` in config/index.ts).
 * View, Text and Image, all the first screen uses, are Taro's plain React components
 * (@tarojs/components-react, what `h5.useHtmlComponents` selects), so the entry page and Home
 * load no web-component runtime (Stencil, about 11 KiB gzip). Every other component stays Taro's
 * default web component (ScrollView and Input, whose events carry `detail`, Button ...), and the
 * pages that use them load Stencil with them. config/component-css-loader.js keeps the styles of
 * exactly these plain components.
 */
export * from '@tarojs/components/lib/react'
export { Image, Text, View } from '@tarojs/components-react'
