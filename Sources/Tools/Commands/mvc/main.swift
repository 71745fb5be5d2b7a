import MVC
import MovieLauncher

await MovieApp.main(command: "mvc") { client, imageLoader, timeWindow, clock in
    App(client: client, imageLoader: imageLoader, timeWindow: timeWindow, clock: clock)
}
