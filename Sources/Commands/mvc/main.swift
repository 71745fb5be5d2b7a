import MVC
import MovieUI

await MovieApp.main(command: "mvc", makeRootViewController: App.makeRootViewController)
