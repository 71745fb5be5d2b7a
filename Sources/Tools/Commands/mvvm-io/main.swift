import MVVMIO
import MovieLauncher

await MovieApp.main(command: "mvvm-io") { client, timeWindow, clock in
    App(client: client, timeWindow: timeWindow, clock: clock)
}
