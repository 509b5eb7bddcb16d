import { INJECTED_ENV_GLOBAL, type Deployment, type InjectedEnv, type Mode } from '../api/contract/wire';

/** Defaults when no server injected anything (unit tests, `vite` dev server). */
export const DEFAULT_ENV: InjectedEnv = {
  deployment: 'ec2',
  mode: null,
  inactivityTimeoutDays: 0.042,
  apiTimeoutMs: 30000,
  insightsUrl: null,
};

export interface RuntimeEnv extends InjectedEnv {
  /** A production build (Vite mode production). Non-production builds show the local login page. */
  production: boolean;
}

let production = true;
let override: Partial<InjectedEnv> | null = null;

/** Called once by each app's entry with `import.meta.env.PROD` (kept out of library code for jest). */
export function configureBuild(isProduction: boolean): void {
  production = isProduction;
}

/** Tests set the environment explicitly; pass null to go back to the injected one. */
export function setRuntimeEnvForTests(env: Partial<RuntimeEnv> | null): void {
  override = env;
  if (env && env.production !== undefined) production = env.production;
}

export function getRuntimeEnv(): RuntimeEnv {
  const injected =
    typeof window !== 'undefined'
      ? ((window as unknown as Record<string, unknown>)[INJECTED_ENV_GLOBAL] as
          Partial<InjectedEnv> | undefined)
      : undefined;
  return { ...DEFAULT_ENV, ...injected, ...override, production };
}

export const isCloud = (env: RuntimeEnv = getRuntimeEnv()): boolean => env.deployment !== 'on_prem';
export const isOnPrem = (env: RuntimeEnv = getRuntimeEnv()): boolean => env.deployment === 'on_prem';
export const isManagementStation = (env: RuntimeEnv = getRuntimeEnv()): boolean =>
  env.deployment === 'on_prem' && env.mode === 'management_station';
export type { Deployment, Mode };
