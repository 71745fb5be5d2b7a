import MVVMC
import MovieLauncher

await MovieApp.main(command: "mvvm-c") { client, imageLoader, timeWindow, clock in
    App(client: client, imageLoader: imageLoader, timeWindow: timeWindow, clock: clock)
}
