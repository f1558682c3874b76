// H5 only (config/index.ts): React 18 has useSyncExternalStore itself. The shim mobx-react-lite
// imports carries a fallback for React 16/17 that the first screen never runs (~300 B gzip).
export { useSyncExternalStore } from 'react'
