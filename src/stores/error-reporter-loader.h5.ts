/** H5: the error reporter is a script of its own, fetched with the first error to report. */
export type ErrorReporterModule = typeof import('../features/error-report/error-reporter')

export function loadErrorReporter(): Promise<ErrorReporterModule> {
  return import(/* webpackChunkName: "error-reporter" */ '../features/error-report/error-reporter')
}
