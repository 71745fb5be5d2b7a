import CleanApp
import MovieLauncher

await MovieApp.main(command: "clean") { client, imageLoader, timeWindow, clock in
    App(client: client, imageLoader: imageLoader, timeWindow: timeWindow, clock: clock)
}
