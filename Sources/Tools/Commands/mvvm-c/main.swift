import MVVMC
import MovieLauncher

await MovieApp.main(command: "mvvm-c") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
