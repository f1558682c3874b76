/**
 * The SMS vendors' settings as the environment gives them (read by loadConfig in
 * server/src/config.ts, which stays the one reader of process.env). Nothing is checked here: the
 * registry (./registry.ts) checks the chosen vendor's settings when SMS_PROVIDER names it, and
 * refuses to start with one line naming every setting that is missing or wrong. docs/sms.md says
 * what each one is and where the vendor's console shows it. Secrets are never logged; each secret
 * may also come from a file (<NAME>_FILE, e.g. a container secret).
 */

export interface AliyunSmsSettings {
  /** ALIYUN_SMS_ACCESS_KEY_ID: a RAM user's AccessKey ID (AliyunDysmsFullAccess or SendSms only). */
  accessKeyId: string | null
  /** ALIYUN_SMS_ACCESS_KEY_SECRET, or ALIYUN_SMS_ACCESS_KEY_SECRET_FILE. */
  accessKeySecret: string | null
  accessKeySecretFile: string | null
  /** ALIYUN_SMS_SIGN_NAME: the approved signature (短信签名) for mainland numbers. */
  signName: string | null
  /** ALIYUN_SMS_INTL_SIGN_NAME: the signature for numbers outside the mainland (default: ALIYUN_SMS_SIGN_NAME). */
  intlSignName: string | null
  /** ALIYUN_SMS_TEMPLATES: 'zh-CN:SMS_1,zh-TW:SMS_2,en:SMS_3', approved verification-code templates (国内消息) per language. */
  templates: string | null
  /** ALIYUN_SMS_INTL_TEMPLATES: the same for numbers outside the mainland (国际/港澳台消息; default: ALIYUN_SMS_TEMPLATES). */
  intlTemplates: string | null
  /** ALIYUN_SMS_CODE_PARAM: the template's variable that takes the code ('code', i.e. ${code}). */
  codeParam: string | null
  /** ALIYUN_SMS_ENDPOINT: the API's origin ('https://dysmsapi.aliyuncs.com'); tests point it at a loopback fake. */
  endpoint: string | null
}

export interface TencentSmsSettings {
  /** TENCENTCLOUD_SMS_SECRET_ID: a CAM key's SecretId (QcloudSMSFullAccess or sms:SendSms). */
  secretId: string | null
  /** TENCENTCLOUD_SMS_SECRET_KEY, or TENCENTCLOUD_SMS_SECRET_KEY_FILE. */
  secretKey: string | null
  secretKeyFile: string | null
  /** TENCENTCLOUD_SMS_SDK_APP_ID: the SMS application's SdkAppId ('1400…'). */
  sdkAppId: string | null
  /** TENCENTCLOUD_SMS_SIGN_NAME: the approved signature; required for mainland numbers. */
  signName: string | null
  /** TENCENTCLOUD_SMS_INTL_SIGN_NAME: the signature for numbers outside the mainland (optional there). */
  intlSignName: string | null
  /** TENCENTCLOUD_SMS_TEMPLATES: 'zh-CN:123,zh-TW:124,en:125', approved templates (国内短信) per language. */
  templates: string | null
  /** TENCENTCLOUD_SMS_INTL_TEMPLATES: the same for numbers outside the mainland (国际/港澳台短信; default: TENCENTCLOUD_SMS_TEMPLATES). */
  intlTemplates: string | null
  /** TENCENTCLOUD_SMS_TEMPLATE_PARAMS: what the template's {1}, {2} … take: 'code' (default) or 'code,minutes'. */
  templateParams: string | null
  /** TENCENTCLOUD_SMS_REGION: the API region ('ap-guangzhou'). */
  region: string | null
  /** TENCENTCLOUD_SMS_ENDPOINT: the API's origin ('https://sms.tencentcloudapi.com'); tests point it at a loopback fake. */
  endpoint: string | null
}

export interface TwilioSmsSettings {
  /** TWILIO_ACCOUNT_SID: 'AC…'. */
  accountSid: string | null
  /** TWILIO_AUTH_TOKEN, or TWILIO_AUTH_TOKEN_FILE; or an API key instead (TWILIO_API_KEY_SID 'SK…' + TWILIO_API_KEY_SECRET[_FILE]). */
  authToken: string | null
  authTokenFile: string | null
  apiKeySid: string | null
  apiKeySecret: string | null
  apiKeySecretFile: string | null
  /** TWILIO_FROM: the sender, an SMS-capable Twilio number in E.164 or an alphanumeric sender id. */
  from: string | null
  /** TWILIO_MESSAGING_SERVICE_SID: 'MG…', a Messaging Service that picks the sender (instead of TWILIO_FROM). */
  messagingServiceSid: string | null
  /** TWILIO_EDGE / TWILIO_REGION: Twilio's edge and region (its SDK's own settings, passed on). */
  edge: string | null
  region: string | null
  /** TWILIO_API_BASE_URL: the API's origin ('https://api.twilio.com'); tests point it at a loopback fake. */
  apiBaseUrl: string | null
}

export interface SmsSettings {
  /** SMS_TIMEOUT_MS: how long one send may take, connecting included (10000); then it counts as not sent. */
  timeoutMs: number
  aliyun: AliyunSmsSettings
  tencent: TencentSmsSettings
  twilio: TwilioSmsSettings
}

type Env = Record<string, string | undefined>

const text = (value: string | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

function timeout(value: string | undefined): number {
  const t = text(value)
  if (t === null) return 10_000
  const n = Number(t)
  if (!Number.isInteger(n) || n < 100 || n > 120_000) throw new Error(`SMS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got '${value}'`)
  return n
}

export function smsSettings(env: Env): SmsSettings {
  return {
    timeoutMs: timeout(env.SMS_TIMEOUT_MS),
    aliyun: {
      accessKeyId: text(env.ALIYUN_SMS_ACCESS_KEY_ID),
      accessKeySecret: text(env.ALIYUN_SMS_ACCESS_KEY_SECRET),
      accessKeySecretFile: text(env.ALIYUN_SMS_ACCESS_KEY_SECRET_FILE),
      signName: text(env.ALIYUN_SMS_SIGN_NAME),
      intlSignName: text(env.ALIYUN_SMS_INTL_SIGN_NAME),
      templates: text(env.ALIYUN_SMS_TEMPLATES),
      intlTemplates: text(env.ALIYUN_SMS_INTL_TEMPLATES),
      codeParam: text(env.ALIYUN_SMS_CODE_PARAM),
      endpoint: text(env.ALIYUN_SMS_ENDPOINT)
    },
    tencent: {
      secretId: text(env.TENCENTCLOUD_SMS_SECRET_ID),
      secretKey: text(env.TENCENTCLOUD_SMS_SECRET_KEY),
      secretKeyFile: text(env.TENCENTCLOUD_SMS_SECRET_KEY_FILE),
      sdkAppId: text(env.TENCENTCLOUD_SMS_SDK_APP_ID),
      signName: text(env.TENCENTCLOUD_SMS_SIGN_NAME),
      intlSignName: text(env.TENCENTCLOUD_SMS_INTL_SIGN_NAME),
      templates: text(env.TENCENTCLOUD_SMS_TEMPLATES),
      intlTemplates: text(env.TENCENTCLOUD_SMS_INTL_TEMPLATES),
      templateParams: text(env.TENCENTCLOUD_SMS_TEMPLATE_PARAMS),
      region: text(env.TENCENTCLOUD_SMS_REGION),
      endpoint: text(env.TENCENTCLOUD_SMS_ENDPOINT)
    },
    twilio: {
      accountSid: text(env.TWILIO_ACCOUNT_SID),
      authToken: text(env.TWILIO_AUTH_TOKEN),
      authTokenFile: text(env.TWILIO_AUTH_TOKEN_FILE),
      apiKeySid: text(env.TWILIO_API_KEY_SID),
      apiKeySecret: text(env.TWILIO_API_KEY_SECRET),
      apiKeySecretFile: text(env.TWILIO_API_KEY_SECRET_FILE),
      from: text(env.TWILIO_FROM),
      messagingServiceSid: text(env.TWILIO_MESSAGING_SERVICE_SID),
      edge: text(env.TWILIO_EDGE),
      region: text(env.TWILIO_REGION),
      apiBaseUrl: text(env.TWILIO_API_BASE_URL)
    }
  }
}
