/**
 * A mini-program build's app.json as both hosts read it (issue 28 item 3): the main package's
 * pages, the subpackages (weapp `subPackages`, alipay `subPackages` or `subpackages`) and their
 * preload rules, and which package a file of the build belongs to.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export interface Subpackage {
  root: string
  name?: string
  /** The pages' full routes (root + '/' + page). */
  pages: string[]
}

export interface AppJson {
  entryPagePath?: string
  /** The main package's pages. */
  pages: string[]
  subpackages: Subpackage[]
  /** Page route → the roots (or names) of the packages the host downloads when it opens. */
  preloadRule: Record<string, { network?: string; packages: string[] }>
  tabBar?: { list: { pagePath: string }[] }
}

interface RawAppJson {
  entryPagePath?: string
  pages: string[]
  subPackages?: { root: string; name?: string; pages: string[] }[]
  subpackages?: { root: string; name?: string; pages: string[] }[]
  preloadRule?: AppJson['preloadRule']
  tabBar?: AppJson['tabBar']
}

const trimSlashes = (s: string): string => s.replace(/^\/+|\/+$/g, '')

export function readAppJson(buildDir: string): AppJson {
  const raw = JSON.parse(readFileSync(path.join(buildDir, 'app.json'), 'utf8')) as RawAppJson
  const subpackages = (raw.subPackages ?? raw.subpackages ?? []).map((p) => {
    const root = trimSlashes(p.root)
    return { root, name: p.name, pages: p.pages.map((page) => `${root}/${trimSlashes(page)}`) }
  })
  return { entryPagePath: raw.entryPagePath, pages: raw.pages, subpackages, preloadRule: raw.preloadRule ?? {}, tabBar: raw.tabBar }
}

/** Every page of the app: the main package's, then the subpackages'. */
export function allPages(app: AppJson): string[] {
  return [...app.pages, ...app.subpackages.flatMap((p) => p.pages)]
}

/** The root of the subpackage a file, folder or page route of the build lies in; '' for the main package. */
export function packageOf(app: AppJson, file: string): string {
  const rel = trimSlashes(file.split(path.sep).join('/'))
  return app.subpackages.find((p) => rel === p.root || rel.startsWith(`${p.root}/`))?.root ?? ''
}

/** The subpackage a preload rule names (by name first, then root, as the hosts look it up). */
export function subpackageNamed(app: AppJson, nameOrRoot: string): Subpackage | undefined {
  const want = trimSlashes(nameOrRoot)
  return app.subpackages.find((p) => p.name === want) ?? app.subpackages.find((p) => p.root === want)
}
