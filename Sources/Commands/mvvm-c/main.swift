import MVVMC
import MovieUI

await MovieApp.main(command: "mvvm-c") { client, window in
    App(client: client, window: window)
}
