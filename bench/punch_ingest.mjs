// Driver of bench/punch_ingest.sh: registers a terminal through the console API, then pushes signed batches of
// punches for the seeded workers from several connections at once and reports the sustained rate. Every batch
// must answer with all of its punches stored (nothing refused, nothing lost); the shell script then counts
// the rows in the database.
// Usage: node bench/punch_ingest.mjs <baseURL> <workers> <days> <batch> <connections>
//        node bench/punch_ingest.mjs --seed-sql <workers>   (the SQL that puts the workers on the demo roster)
import { createHash, createHmac } from 'node:crypto'

const [baseURL, workers, days, batchSize, connections] = [process.argv[2], ...process.argv.slice(3).map(Number)]

/** The `n`-th seeded ID number: 410122, a birth date and a sequence derived from n, the check character. */
export function benchIdNumber(n) {
  const k = Math.floor(n / 1000)
  const year = 1960 + (k % 40)
  const month = 1 + (Math.floor(k / 40) % 12)
  const day = 1 + (Math.floor(k / 480) % 28)
  const body = `410122${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(n % 1000).padStart(3, '0')}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((total, digit, position) => total + Number(digit) * weights[position], 0)
  return body + '10X98765432'[sum % 11]
}

/** The SQL that puts `count` workers on the demo project's roster under its general contractor. */
function seedSql(count) {
  const values = []
  for (let n = 1; n <= count; n++) values.push(`('${benchIdNumber(n)}', '压测${n}', ${1 + (n % 2)}, '1980-01-01', '13900000000', 0, 0)`)
  return `INSERT INTO workers (id_number, name, gender, birth_date, phone, created_at, updated_at) VALUES ${values.join(',\n')};
INSERT INTO employments (project_id, worker_id, unit_id, work_type, wage_kind, wage_fen, entry_date, status, created_at, updated_at)
SELECT 1, w.id, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'), '3', 'day', 35000, '2026-01-01', 1, 0, 0
FROM workers w WHERE w.name LIKE '压测%';
`
}

async function run() {
  async function form(path, token, fields) {
    const response = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(token ? { 'X-Token': token } : {}) },
      body: new URLSearchParams(fields),
    })
    const reply = await response.json()
    if (reply.code !== 201) throw new Error(`${path}: ${JSON.stringify(reply)}`)
    return reply.data
  }

  const login = await form('/builder/common/v1/Public/login', null, { username: 'demo', password: Buffer.from('Demo@12345').toString('base64') })
  const device = await form('/builder/attendance/v1/Device/add', login.phpsessid, {
    kind: 'attendant', serial: `BENCH-${Date.now()}`, name: '压测考勤机', direction: 'both',
  })
  const key = createHash('sha256').update(device.secret).digest('hex')

  /** China-time text of unix seconds. */
  const chinaTime = (seconds) => new Date((seconds + 8 * 3600) * 1000).toISOString().replace('T', ' ').slice(0, 19)

  // Every worker in and out on each of the last `days` days before today (China time).
  const todayChina = Math.floor((Date.now() / 1000 + 8 * 3600) / 86400) * 86400 - 8 * 3600
  const punches = []
  for (let day = 1; day <= days; day++) {
    const midnight = todayChina - day * 86400
    for (let n = 1; n <= workers; n++) {
      const idNumber = benchIdNumber(n)
      punches.push({ idNumber, time: chinaTime(midnight + 7.5 * 3600 + (n % 600)), direction: 'in' })
      punches.push({ idNumber, time: chinaTime(midnight + 17.5 * 3600 + (n % 600)), direction: 'out' })
    }
  }
  const batches = []
  for (let i = 0; i < punches.length; i += batchSize) batches.push(punches.slice(i, i + batchSize))

  let next = 0
  let inserted = 0
  let lost = 0
  const latencies = []
  async function pusher() {
    while (next < batches.length) {
      const batch = batches[next++]
      const body = JSON.stringify({ serial: device.serial, punches: batch })
      const timestamp = String(Math.floor(Date.now() / 1000))
      const signature = createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex')
      const started = performance.now()
      const response = await fetch(`${baseURL}/device/v1/punch`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Device-Serial': device.serial, 'X-Device-Timestamp': timestamp, 'X-Device-Signature': signature },
        body,
      })
      const reply = await response.json()
      latencies.push(performance.now() - started)
      if (reply.code !== 201) throw new Error(JSON.stringify(reply).slice(0, 300))
      inserted += reply.data.inserted
      lost += batch.length - reply.data.inserted
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, pusher))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]
  console.log(`serial ${device.serial}`)
  console.log(`punches sent ${punches.length} in ${batches.length} batches of ${batchSize}, ${connections} connections`)
  console.log(`stored ${inserted}, not stored ${lost}, ${seconds.toFixed(1)} s: ${Math.round(inserted / seconds)} punches/s, batch p99 ${p99.toFixed(0)} ms`)
  if (lost !== 0) process.exitCode = 1
}

if (process.argv[2] === '--seed-sql') process.stdout.write(seedSql(Number(process.argv[3])))
else await run()
