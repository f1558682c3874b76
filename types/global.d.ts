/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.svg'
declare module '*.css'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'alipay' | 'h5' | undefined
    TARO_APP_ID: string
  }
}

/** Build-time constants (config/index.ts defineConstants). */
declare const GATEWAY_LIVE_URL: string
declare const GATEWAY_TEST_URL: string
declare const MINI_GATEWAY_URL: string
declare const GATEWAY_AUTH_CODE: string
declare const APP_VERSION: string
