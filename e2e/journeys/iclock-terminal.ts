/**
 * A test terminal speaking ZKTeco PUSH (iclock) over HTTP, written from the protocol as the server documents
 * it (server/src/iclock): the journeys drive it as a face terminal on site would behave.
 *
 * - Handshake `GET /iclock/cdata?SN=…&options=all`: 200 and an option block (`GET OPTION FROM: <SN>`,
 *   `ATTLOGStamp=<n>`…), 401 for a serial not registered as a ZKTeco PUSH terminal, 403 disabled.
 * - Punches `POST /iclock/cdata?SN=…&table=ATTLOG&Stamp=<last>`: the lines of its log after the ATTLOG stamp of
 *   the last handshake, `PIN \t YYYY-MM-DD HH:MM:SS \t status \t verify \t 0 \t 0 \t 0`; answered `OK: <lines>`.
 * - Commands `GET /iclock/getrequest?SN=…&INFO=…`: `OK` or `C:<id>:<command>` lines (`DATA UPDATE USERINFO`,
 *   `DATA DELETE USERINFO`, `CHECK`), each run and confirmed by `POST /iclock/devicecmd?SN=…`
 *   (`ID=<id>&Return=<code>&CMD=<verb>`); after a CHECK the terminal handshakes again and uploads what follows
 *   the new stamp.
 */

/** An HTTP answer of the server: status and plain text. */
export interface Reply {
  status: number
  text: string
}

/** A command as the terminal received it. */
export interface Command {
  id: number
  /** E.g. `DATA UPDATE USERINFO PIN=12\tName=张三\tPri=0`, `DATA DELETE USERINFO PIN=12`, `CHECK`. */
  command: string
}

/** The punch keys of the terminal's keypad (the `status` field of an ATTLOG line). */
export const CHECK_IN = 0
export const CHECK_OUT = 1
/** The `verify` field: how the person was recognised. */
export const VERIFY_FACE = 15

/** `key=value` fields separated by `separator` (a USERINFO record by tabs, the option block by lines). */
function fields(text: string, separator: string | RegExp): Map<string, string> {
  const found = new Map<string, string>()
  for (const field of text.split(separator)) {
    const at = field.indexOf('=')
    if (at > 0) found.set(field.slice(0, at).trim(), field.slice(at + 1).trim())
  }
  return found
}

export class IclockTerminal {
  /** Every line of its attendance log with its stamp, from 1. */
  readonly log: { stamp: number; line: string }[] = []
  /** The people it holds: PIN → name. */
  readonly people = new Map<string, string>()
  /** The ATTLOG stamp it has uploaded up to (as the last handshake said, then as its uploads moved it). */
  uploaded = 0
  /** The option block of the last successful handshake. */
  options = new Map<string, string>()

  constructor(
    readonly baseURL: string,
    readonly serial: string,
    readonly firmware = 'Ver 6.60',
    readonly ip = '192.168.1.201',
  ) {}

  private async call(method: 'GET' | 'POST', pathAndQuery: string, body?: string): Promise<Reply> {
    const response = await fetch(`${this.baseURL}${pathAndQuery}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'text/plain' },
      body,
    })
    return { status: response.status, text: await response.text() }
  }

  private get sn(): string {
    return encodeURIComponent(this.serial)
  }

  /** The handshake. On 200 the terminal resumes its log after the ATTLOG stamp it was given. */
  async handshake(): Promise<Reply> {
    const reply = await this.call('GET', `/iclock/cdata?SN=${this.sn}&options=all&pushver=2.4.1&language=83`)
    if (reply.status !== 200) return reply
    const lines = reply.text.split('\n').map((line) => line.replace(/\r$/, ''))
    if (lines[0] !== `GET OPTION FROM: ${this.serial}`) throw new Error(`not an option block for ${this.serial}: ${reply.text}`)
    this.options = fields(lines.slice(1).join('\n'), '\n')
    const stamp = Number(this.options.get('ATTLOGStamp'))
    if (!Number.isInteger(stamp) || stamp < 0) throw new Error(`no ATTLOGStamp in the option block: ${reply.text}`)
    this.uploaded = stamp
    return reply
  }

  /** A face punch in its log: `time` is `YYYY-MM-DD HH:MM:SS`, China time (the terminal's local time). */
  punch(pin: string | number, time: string, status: number = CHECK_IN, verify: number = VERIFY_FACE): void {
    this.line(`${pin}\t${time}\t${status}\t${verify}\t0\t0\t0`)
  }

  /** Any line in its log, as it will be sent. */
  line(text: string): void {
    this.log.push({ stamp: this.log.length + 1, line: text })
  }

  /** The log lines the server has not been sent yet. */
  pending(): { stamp: number; line: string }[] {
    return this.log.filter((entry) => entry.stamp > this.uploaded)
  }

  /**
   * Uploads every line after the stamp it holds, in one batch stamped with its last line; moves its stamp on
   * when answered `OK: <lines>`. Answers undefined when there was nothing to send.
   */
  async upload(): Promise<Reply | undefined> {
    const pending = this.pending()
    if (pending.length === 0) return undefined
    const last = pending[pending.length - 1].stamp
    const body = pending.map((entry) => `${entry.line}\n`).join('')
    const reply = await this.call('POST', `/iclock/cdata?SN=${this.sn}&table=ATTLOG&Stamp=${last}`, body)
    if (reply.status !== 200 || reply.text.trim() !== `OK: ${pending.length}`) {
      throw new Error(`upload of ${pending.length} lines answered ${reply.status}: ${reply.text}`)
    }
    this.uploaded = last
    return reply
  }

  /** What it tells of itself at each poll: firmware, people, fingerprints, punches, IP. */
  private info(): string {
    return `${this.firmware},${this.people.size},0,${this.log.length},${this.ip}`
  }

  /**
   * One command poll: runs each command it is given and confirms them all with `returnCode` (0: done); after a
   * CHECK, handshakes again and uploads what follows the new stamp. Answers the commands received.
   */
  async poll(returnCode = '0'): Promise<Command[]> {
    const reply = await this.call('GET', `/iclock/getrequest?SN=${this.sn}&INFO=${encodeURIComponent(this.info())}`)
    if (reply.status !== 200) throw new Error(`poll answered ${reply.status}: ${reply.text}`)
    if (reply.text.trim() === 'OK') return []
    const commands: Command[] = []
    for (const raw of reply.text.split('\n')) {
      const line = raw.replace(/\r$/, '')
      if (line.trim() === '') continue
      const match = /^C:(\d+):(.*)$/s.exec(line)
      if (!match) throw new Error(`not a command line: ${JSON.stringify(line)}`)
      commands.push({ id: Number(match[1]), command: match[2] })
    }
    let check = false
    for (const { command } of commands) {
      if (command.startsWith('DATA UPDATE USERINFO ')) {
        const record = fields(command.slice('DATA UPDATE USERINFO '.length), '\t')
        const pin = record.get('PIN')
        if (!pin) throw new Error(`USERINFO without PIN: ${command}`)
        this.people.set(pin, record.get('Name') ?? '')
      } else if (command.startsWith('DATA DELETE USERINFO ')) {
        const pin = fields(command.slice('DATA DELETE USERINFO '.length), '\t').get('PIN')
        if (!pin) throw new Error(`DELETE USERINFO without PIN: ${command}`)
        this.people.delete(pin)
      } else if (command === 'CHECK') {
        check = true
      }
    }
    const confirmations = commands.map(({ id, command }) => `ID=${id}&Return=${returnCode}&CMD=${command.split(' ')[0]}`)
    const confirmed = await this.call('POST', `/iclock/devicecmd?SN=${this.sn}`, confirmations.join('\n'))
    if (confirmed.status !== 200 || confirmed.text.trim() !== 'OK') {
      throw new Error(`devicecmd answered ${confirmed.status}: ${confirmed.text}`)
    }
    if (check) {
      const handshake = await this.handshake()
      if (handshake.status !== 200) throw new Error(`handshake after CHECK answered ${handshake.status}: ${handshake.text}`)
      await this.upload()
    }
    return commands
  }
}
