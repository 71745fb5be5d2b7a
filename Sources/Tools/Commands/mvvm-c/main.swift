import MVVMC
import MovieUI

await MovieApp.main(command: "mvvm-c") { client, window, clock in
    App(client: client, window: window, clock: clock)
}
