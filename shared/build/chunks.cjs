// How the shell's and the remotes' production code is split into chunks.
'use strict';

/**
 * The shell's code in a few chunks instead of one per shared module (51 requests, each a round
 * trip on a 300 ms township link). The sign-in page needs only the first three: React and the
 * router (framework), the session, its API client, the session's declared calls and the helpers
 * they are declared with (`call` needs them, decision 0197), the spinner and the field frame
 * (session), yup and the few schema modules its form is checked with (schema); axios (http) comes
 * as the user starts to sign in (decision 0193). The signed-in console adds formik (forms),
 * PrimeReact's core and the form controls the kit draws (primereact), and the rest of
 * @vot/shared's light modules (vot). A remote asking the shell for one of these
 * singletons gets its group's chunk, already in the browser's cache. The list kit, remote
 * lifecycles and the rest of PrimeReact keep their own chunks, fetched when used.
 */
const PRIMEREACT_CORE = [
  'api',
  'utils',
  'hooks',
  'componentbase',
  'ripple',
  'tooltip',
  'iconbase',
  'icons',
  'button',
  'message',
  'inputtext',
  'keyfilter',
  'progressspinner',
  'portal',
  'csstransition',
  'overlayservice',
  'dropdown',
  'virtualscroller',
];
function shellChunkGroups() {
  const nm = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
  const group = (name, test, priority) => ({
    name,
    test,
    priority,
    chunks: 'async',
    enforce: true,
    reuseExistingChunk: false,
  });
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      framework: group(
        'framework',
        nm([
          'react',
          'react-dom',
          'scheduler',
          'react-router',
          'react-router-dom',
          'jotai',
          'cookie',
          'set-cookie-parser',
        ]),
        40,
      ),
      schema: group(
        'schema',
        new RegExp(
          `${nm(['yup', 'property-expr', 'tiny-case', 'toposort']).source}|[\\\\/]shared[\\\\/]src[\\\\/](schemas[\\\\/](session|fields|messages|validate|geography)|domain[\\\\/]dates)\\.ts$`,
        ),
        35,
      ),
      forms: group(
        'forms',
        nm([
          'formik',
          'lodash',
          'lodash-es',
          'tiny-warning',
          'react-fast-compare',
          'hoist-non-react-statics',
          'react-is',
          'deepmerge',
        ]),
        30,
      ),
      // The API client's axios in a chunk of its own, fetched by the client's first call (client.ts),
      // not with the sign-in page.
      http: group('http', nm(['axios', '[^\\\\/]*form-data', 'proxy-from-env']), 27),
      session: group(
        'session',
        new RegExp(
          `[\\\\/]shared[\\\\/]src[\\\\/](api[\\\\/]|session[\\\\/]|operations[\\\\/](operation|session)\\.ts$|domain[\\\\/]constants\\.ts$|ui[\\\\/](FullScreenSpinner|FieldFrame)\\.tsx$)`,
        ),
        25,
      ),
      primereact: group(
        'primereact',
        new RegExp(
          `[\\\\/]node_modules[\\\\/](primereact[\\\\/](${PRIMEREACT_CORE.join('|')})|react-transition-group|dom-helpers)[\\\\/]`,
        ),
        20,
      ),
      vot: group('vot', /[\\/]shared[\\/]src[\\/](api|session|ui|schemas|domain|permissions|contract)[\\/]/, 10),
      // The console's whole stylesheets (shell/src/console-styles.ts) in one file, whichever of the
      // console, the notices' toast or the password change asks first; the sign-in page's subsets
      // (`?sign-in`) stay in the start-up chunk.
      consoleStyles: group('console-styles', isConsoleStyle, 50),
    },
  };
}

const CONSOLE_STYLES =
  /lara-light-blue[\\/]theme\.css|primereact\.min\.css|primeicons[\\/]primeicons\.css|shell[\\/]src[\\/](styles\.css|console-styles\.ts)/;
/** A module of console-styles.ts: the stylesheets it imports, not their `?sign-in` subsets. */
function isConsoleStyle(module) {
  const id = module.identifier();
  return CONSOLE_STYLES.test(id) && !id.includes('?sign-in');
}

/**
 * A remote's own copies of PrimeReact's modules, in one chunk: the shell provides its core after
 * sign-in (PRIMEREACT_CORE), and the rest — DataTable, Paginator, Dialog and the dozens of small
 * icon modules they draw — came as some thirty chunks of 1–10 KiB, each a 300 ms round trip on a
 * township link. One chunk is a few KiB more than the screen needs and thirty round trips fewer.
 * webpack's default groups still split the remote's own code between its lazy pages.
 */
function remoteChunkGroups() {
  const rest = new RegExp(`[\\\\/]node_modules[\\\\/]primereact[\\\\/](?!(${PRIMEREACT_CORE.join('|')})[\\\\/])`);
  return {
    chunks: 'async',
    cacheGroups: {
      primereact: {
        name: 'primereact-more',
        test: rest,
        priority: 20,
        chunks: 'async',
        enforce: true,
        reuseExistingChunk: false,
      },
      primereactIcons: {
        name: 'primereact-icons',
        test: /[\\/]node_modules[\\/]primereact[\\/]icons[\\/]/,
        priority: 20,
        chunks: 'async',
        enforce: true,
        reuseExistingChunk: false,
      },
    },
  };
}

module.exports = { shellChunkGroups, remoteChunkGroups };
