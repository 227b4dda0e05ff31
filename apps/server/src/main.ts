import { ConfigError, readConfig } from './config'
import { DataDirLockedError } from './platform/data-lock'
import { startServer } from './server'

// read config → open db → migrate → build app → listen; stop cleanly on a signal.
try {
  const config = readConfig()
  const server = await startServer(config)
  console.log(`\n  ${config.siteName} is running at ${config.publicUrl}\n`)
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    server.app.log.info(`${signal}: shutting down`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await server.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n  ${error.message}\n`)
  } else {
    console.error(error)
  }
  process.exit(1)
}
