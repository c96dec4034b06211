import { readdirSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import config from './playwright.config'

// The journeys last file first, to show that none depends on another having run before it: one project per
// file, listed in reverse (Playwright runs the projects in the order listed).
// `npx playwright test -c playwright.reverse.config.ts`
const files = readdirSync(`${__dirname}/journeys`).filter((name) => name.endsWith('.spec.ts')).sort().reverse()

export default defineConfig({ ...config, projects: files.map((name) => ({ name, testMatch: `**/${name}` })) })
