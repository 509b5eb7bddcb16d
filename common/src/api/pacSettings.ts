/**
 * PAC file calls (docs/settings.md §1 PAC and "PAC files"): the file, proxies, defaults, template,
 * the PAC version and the tester. Shapes: contract/pacSettings.ts.
 */
import {
  PAC_PATHS as PATHS,
  type PacDefaults,
  type PacProxyIps,
  type PacSettings,
  type PacSettingsPatch,
  type PacTemplate,
  type PacTemplateBody,
  type PacTestBody,
  type PacTestReply,
  type PacVersion,
  type PacVersionBody,
} from './contract/pacSettings';
import type { HttpClient } from './http';

export async function getPacSettings(http: HttpClient): Promise<PacSettings> {
  return (await http.get<PacSettings>(PATHS.settings, { callName: 'getPacSettings' })).data;
}

export async function savePacSettings(http: HttpClient, body: PacSettingsPatch): Promise<PacSettings> {
  return (await http.patch<PacSettings>(PATHS.settings, body, { callName: 'savePacSettings' })).data;
}

export async function getPacProxyIps(http: HttpClient): Promise<PacProxyIps> {
  return (await http.get<PacProxyIps>(PATHS.proxyIps, { callName: 'getPacProxyIps' })).data;
}

export async function savePacProxyIps(http: HttpClient, body: PacProxyIps): Promise<PacProxyIps> {
  return (await http.put<PacProxyIps>(PATHS.proxyIps, body, { callName: 'savePacProxyIps' })).data;
}

export async function getPacDefaults(http: HttpClient): Promise<PacDefaults> {
  return (await http.get<PacDefaults>(PATHS.defaults, { callName: 'getPacDefaults' })).data;
}

export async function savePacDefaults(http: HttpClient, body: PacDefaults): Promise<PacDefaults> {
  return (await http.put<PacDefaults>(PATHS.defaults, body, { callName: 'savePacDefaults' })).data;
}

/** The template from the values given (the form's, unsaved). */
export async function makePacTemplate(http: HttpClient, body: PacTemplateBody): Promise<PacTemplate> {
  return (await http.post<PacTemplate>(PATHS.template, body, { callName: 'makePacTemplate' })).data;
}

export async function getPacVersion(http: HttpClient): Promise<PacVersion> {
  return (await http.get<PacVersion>(PATHS.version, { callName: 'getPacVersion' })).data;
}

export async function savePacVersion(http: HttpClient, body: PacVersionBody): Promise<PacVersion> {
  return (await http.put<PacVersion>(PATHS.version, body, { callName: 'savePacVersion' })).data;
}

export async function testPacFile(http: HttpClient, body: PacTestBody): Promise<PacTestReply> {
  return (await http.post<PacTestReply>(PATHS.test, body, { callName: 'testPacFile' })).data;
}
