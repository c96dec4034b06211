/**
 * A device client for the journeys: signs and pushes punches and heartbeats through the device API
 * (docs/device-api.md): HMAC-SHA256 over `timestamp + "\n" + body`, keyed with the hex SHA-256 of the secret.
 */
import { createHash, createHmac } from 'node:crypto'

export interface DeviceCredentials {
  serial: string
  secret: string
}

export interface Punch {
  /** The worker's ID number. */
  idNumber: string
  /** `YYYY-MM-DD HH:MM:SS`, China time (see `chinaTime`). */
  time: string
  direction?: 'in' | 'out'
  /** base64 JPEG or PNG. */
  photo?: string
}

export interface PunchResult {
  received: number
  inserted: number
  duplicates: number
  refused: number
  errors: { index: number; idNumber: string; reason: string }[]
}

export interface Envelope<T> {
  code: number
  message: string
  data: T
}

/** The signature headers of one request. */
export function signedHeaders(device: DeviceCredentials, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const key = createHash('sha256').update(device.secret).digest('hex')
  const signature = createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex')
  return {
    'Content-Type': 'application/json',
    'X-Device-Serial': device.serial,
    'X-Device-Timestamp': String(timestamp),
    'X-Device-Signature': signature,
  }
}

async function send<T>(url: string, device: DeviceCredentials, body: string, timestamp?: number): Promise<Envelope<T>> {
  const response = await fetch(url, { method: 'POST', headers: signedHeaders(device, body, timestamp), body })
  if (!response.ok) throw new Error(`device API answered HTTP ${response.status}`)
  return (await response.json()) as Envelope<T>
}

/**
 * Pushes a batch of punches (at most 5000); answers the envelope with what became of them. A `timestamp` (unix
 * seconds) other than now signs a second push of the same batch differently: the same signature is a replay.
 */
export function pushPunches(baseURL: string, device: DeviceCredentials, punches: Punch[], timestamp?: number): Promise<Envelope<PunchResult>> {
  return send<PunchResult>(`${baseURL}/device/v1/punch`, device, JSON.stringify({ serial: device.serial, punches }), timestamp)
}

/** Tells the server the device is alive. */
export function heartbeat(baseURL: string, device: DeviceCredentials): Promise<Envelope<{ serverTime: number; serverDateTime: string }>> {
  return send(`${baseURL}/device/v1/heartbeat`, device, JSON.stringify({ serial: device.serial }))
}

/** A moment as `YYYY-MM-DD HH:MM:SS` in China time (UTC+8), as the device API takes it. */
export function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)
}

/** The demo terminal of `wageguard demo` (README "Device API"). */
export const DEMO_TERMINAL: DeviceCredentials = { serial: 'WG-DEMO-T01', secret: 'demo-terminal-secret-0001' }

/** The demo roster's `index`-th ID number (server/src/worker/demo.rs `demo_id_number`). */
export function demoIdNumber(index: number): string {
  const year = 1970 + ((index * 7) % 30)
  const month = 1 + (index % 12)
  const day = 1 + ((index * 3) % 28)
  // The 17th digit is odd for men: the demo's 海燕 (indexes 10–19) are women.
  const male = Math.floor(index / 10) % 3 !== 1
  const body = `410105${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(100 + 2 * index + (male ? 1 : 0)).padStart(3, '0')}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((total, digit, position) => total + Number(digit) * weights[position], 0)
  return body + '10X98765432'[sum % 11]
}
