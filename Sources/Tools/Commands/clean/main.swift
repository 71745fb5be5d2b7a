import CleanApp
import MovieLauncher

await MovieApp.main(command: "clean") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
