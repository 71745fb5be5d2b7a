import MVVM
import MovieLauncher

await MovieApp.main(command: "mvvm") { client, imageLoader, timeWindow, clock in
    App(client: client, imageLoader: imageLoader, timeWindow: timeWindow, clock: clock)
}
