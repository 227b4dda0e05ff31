import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorScreen, NotFoundScreen } from '../components/status-screens'
import { PublicFrame } from './public-layout'

/** The router's error element: a failed section load (after the one reload) or a render error. */
export function RouteErrorScreen() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  return <PublicFrame>{notFound ? <NotFoundScreen /> : <ErrorScreen />}</PublicFrame>
}
