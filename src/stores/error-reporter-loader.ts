/**
 * Where the root store gets the error reporter (features/error-report). Mini-program packages
 * and the tests carry it; the H5 build fetches it with the first error (error-reporter-loader.h5.ts,
 * picked by Taro's per-host file convention), since most diners never meet one.
 */
import * as reporter from '../features/error-report/error-reporter'

export type ErrorReporterModule = typeof reporter

export function loadErrorReporter(): Promise<ErrorReporterModule> {
  return Promise.resolve(reporter)
}
