/** The app's tenant-world HTTP client (from common's createAppStore), for calls outside sagas. */
import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from '@workbench/common';

const HttpContext = createContext<HttpClient | null>(null);

export function HttpProvider({ value, children }: { value: HttpClient; children: ReactNode }) {
  return <HttpContext.Provider value={value}>{children}</HttpContext.Provider>;
}

export function useHttpClient(): HttpClient {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttpClient needs an HttpProvider above it.');
  return http;
}
