import MVVMCDI
import MovieLauncher

await MovieApp.main(command: "mvvm-c-di") { client, imageLoader, timeWindow, clock in
    App(client: client, imageLoader: imageLoader, timeWindow: timeWindow, clock: clock)
}
