import MVVMIO
import MovieUI

await MovieApp.main(command: "mvvm-io") { client, window, clock in
    App(client: client, window: window, clock: clock)
}
