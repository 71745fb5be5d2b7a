import Foundation
import JPEGDecoding
import TMDB
