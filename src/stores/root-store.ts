/**
 * Builds every store and hands each its dependencies (gateway, host), so tests can build
 * the same graph with a fake host and no module mocks.
 */
import { reaction } from 'mobx'
import type { Host } from '../hosts/host'
import { Gateway } from '../gateway/gateway-client'
import { I18nStore } from '../i18n/i18n.store'
import { SessionStore } from '../features/session/session.store'
import { ErrorReporter } from '../features/error-report/error-reporter'

export interface RootStoreConfig {
  authCode: string
  liveUrl: string
  testUrl: string
  appVersion: string
}

export class RootStore {
  readonly i18n: I18nStore
  readonly gateway: Gateway
  readonly session: SessionStore
  readonly errors: ErrorReporter
  readonly appName: string

  constructor(
    readonly host: Host,
    config: RootStoreConfig
  ) {
    this.appName = `ScanOrder/${config.appVersion} (${host.clientType})`
    this.i18n = new I18nStore(host)
    this.gateway = new Gateway({
      host,
      appName: this.appName,
      authCode: config.authCode,
      liveUrl: config.liveUrl,
      testUrl: config.testUrl,
      locale: () => this.i18n.locale,
      networkErrorText: () => this.i18n.t('network.error'),
      identity: () => ({ EntID: this.session.params.EntID, UserID: this.session.params.UserID })
    })
    this.session = new SessionStore(this.gateway, host)
    this.errors = new ErrorReporter(this.gateway, {
      context: () => `${host.kind}/${host.subHost}`
    })
    // The enterprise's AppLanguage decides when no stored choice, host or device does.
    reaction(
      () => this.session.entSysParams.AppLanguage,
      (appLanguage) => this.i18n.applyEnterpriseLanguage(appLanguage)
    )
  }

  /** Wires the global error handler and the app-shell behaviours of the host. */
  start(): void {
    reaction(() => this.i18n.locale, (locale) => this.host.applyLocale(locale), { fireImmediately: true })
    this.host.onGlobalError((message) => void this.errors.report(message))
    this.host.installShell({
      loading: () => this.i18n.t('shell.loading'),
      loadFailed: () => this.i18n.t('shell.loadFailed'),
      reload: () => this.i18n.t('shell.reload')
    })
  }
}
