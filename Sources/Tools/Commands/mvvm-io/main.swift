import MVVMIO
import MovieLauncher

await MovieApp.main(command: "mvvm-io") { client, imageLoader, timeWindow, clock in
    App(client: client, imageLoader: imageLoader, timeWindow: timeWindow, clock: clock)
}
